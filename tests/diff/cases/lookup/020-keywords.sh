command -V while; command -V case; command -V '{'; command -V '!'; command -V in

[ "" = "" ] && echo empty-eq
[ ! = ! ] && echo bang-eq
[ -n = -n ] && echo op-eq
[ "(" a ")" ] && echo paren-one

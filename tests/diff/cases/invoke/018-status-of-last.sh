true
false

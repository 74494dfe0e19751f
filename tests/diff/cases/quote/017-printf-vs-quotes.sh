printf '%s\n' "a  b" 'c  d' e\ \ f

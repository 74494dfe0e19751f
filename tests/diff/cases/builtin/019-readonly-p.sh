readonly RO_X=val
readonly -p | grep RO_X

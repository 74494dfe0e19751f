echo one |
tr o 0
printf 'b\na\n' |

sort

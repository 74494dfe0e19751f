trap 'echo trapped' INT TERM USR1
trap 2 15
trap

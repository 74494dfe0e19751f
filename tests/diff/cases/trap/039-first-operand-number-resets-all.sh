trap 'echo trapped' 2 QUIT
trap 2 QUIT
trap

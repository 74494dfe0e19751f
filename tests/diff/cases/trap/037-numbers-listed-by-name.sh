trap 'echo x' 1 2 3 15
trap 'echo y' 0
trap

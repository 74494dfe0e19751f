trap 'echo x' INT
trap 02 INT
trap

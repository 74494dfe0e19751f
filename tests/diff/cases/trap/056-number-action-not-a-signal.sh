# "999" is no signal number, so it is the action
trap 999 INT
trap

trap 'echo parent' EXIT
(echo child)

alias greet='echo hi'
greet there

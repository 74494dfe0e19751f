echo before
x=${y

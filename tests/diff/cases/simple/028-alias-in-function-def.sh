alias hi='echo from-alias'
f() { hi; }
unalias hi
f

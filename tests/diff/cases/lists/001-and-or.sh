true && echo and1
false && echo and2
false || echo or1
true || echo or2

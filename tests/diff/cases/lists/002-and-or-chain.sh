false && echo a || echo b
true && false || echo c
true || false && echo d
false || false || echo e

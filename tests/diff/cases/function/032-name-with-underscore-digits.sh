my_func_2() { echo ok2; }
_f() { echo ok_; }
my_func_2; _f

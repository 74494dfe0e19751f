f() { echo "$#:$*"; }
f {a,b}{c,d}
case b in {a,b}) echo braced ;; b) echo plain ;; esac
set -- {1..5}; echo $#
echo {1..3}$(echo x) {a,$(echo b c)}

: > f; mkdir d; ln -s f l
printf x > nonempty
[ -e f ] && echo e
[ -f f ] && echo f
[ -d d ] && echo d
[ -f d ] || echo "d not file"
[ -s nonempty ] && echo s
[ -s f ] || echo "f empty"
[ -L l ] && echo L
[ -h l ] && echo h
[ -e missing ] || echo "missing"
[ -r f ] && echo r
[ -w f ] && echo w
chmod +x f
[ -x f ] && echo x

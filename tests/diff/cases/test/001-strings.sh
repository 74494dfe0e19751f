[ abc = abc ] && echo eq
[ abc != def ] && echo ne
[ -n x ] && echo n
[ -z "" ] && echo z
[ x ] && echo nonempty
[ "" ] || echo empty-false

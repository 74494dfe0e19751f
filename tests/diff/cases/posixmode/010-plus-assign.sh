# --posix: x+=1 and a[1]=x are command names
x+=1 2>/dev/null
echo "st=$?"
a[1]=x 2>/dev/null
echo "st=$?"
echo "x=${x-unset}"

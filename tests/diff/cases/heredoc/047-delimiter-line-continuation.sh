x=1
cat <<E\
ND
$x
END

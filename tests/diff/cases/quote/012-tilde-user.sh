HOME=/my/home
echo ~root/x | sed 's|^/[^ ]*root/x$|root-home/x|; s|^/$|slash|'
echo ~no_such_user_xyz

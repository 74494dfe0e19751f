x=v
echo 'a'"b"c"$x"'$x'
echo ""''""
echo x"" ''y

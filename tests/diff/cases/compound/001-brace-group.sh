{ echo a; echo b; }
{ x=in-brace; }
echo "$x"
{ echo nl
}

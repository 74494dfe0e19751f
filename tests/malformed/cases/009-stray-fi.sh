# expect: status=2 stderr=line 4: syntax error near unexpected token `fi'
echo a
echo b
fi

# expect: status=2 stderr=line 4: syntax error: unexpected 'fi'
echo a
echo b
fi

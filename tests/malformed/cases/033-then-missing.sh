# expect: status=2 stderr=line 2: syntax error near unexpected token `fi'
if true; fi

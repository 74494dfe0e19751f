alias word='echo aliased'
'word' 2>/dev/null || echo "quoted name not alias-expanded"

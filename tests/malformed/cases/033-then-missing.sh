# expect: status=2 stderr=syntax error: unexpected 'fi' \(expecting 'then'\)
if true; fi

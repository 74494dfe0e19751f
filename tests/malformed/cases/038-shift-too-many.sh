# expect: status=2 stderr=shift: can't shift that many
shift 5
echo never

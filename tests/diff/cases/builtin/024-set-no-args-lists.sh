zzz_test_var='a b'
set | grep '^zzz_test_var='

x='a.b'
echo "${x%".b"}"
echo ${x%\.b}
case 'a"b' in 'a"b') echo dq-in-sq ;; esac

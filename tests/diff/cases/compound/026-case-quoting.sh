x='*'
case abc in "$x") echo literal-star ;; $x) echo glob-star ;; esac
case '*' in "$x") echo literal-match ;; esac
case 'a?c' in a\?c) echo escaped-q ;; esac
case abc in 'a'*) echo quoted-prefix ;; esac
case abc in "a*") echo no ;; *) echo dq-star-literal ;; esac

case b in [\!a]) echo negated;; *) echo literal;; esac
case '!' in [\!a]) echo bang;; *) echo no;; esac
case b in ['!'a]) echo negated;; *) echo literal;; esac

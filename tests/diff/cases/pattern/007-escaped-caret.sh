case b in [\^a]) echo negated;; *) echo literal;; esac
case '^' in [\^a]) echo caret;; *) echo no;; esac

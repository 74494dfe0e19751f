case ] in [\]]) echo match;; *) echo no;; esac
case a in [\]a]) echo match;; *) echo no;; esac

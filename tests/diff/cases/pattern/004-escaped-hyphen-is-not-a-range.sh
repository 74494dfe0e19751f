case b in [a\-c]) echo range;; *) echo no-range;; esac
case - in [a\-c]) echo hyphen;; *) echo no-hyphen;; esac

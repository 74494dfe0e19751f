case a in (a) echo leading-paren ;; esac
case b in (a|b) echo alt ;; esac

# ;; after esac
case x in x) echo x;; esac ;;
echo after

if true; then if true; then echo nested; fi; fi
while false; do :; done; echo loop-done

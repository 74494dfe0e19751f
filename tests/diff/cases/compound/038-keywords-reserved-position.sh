echo fi; echo done
x=if; echo $x
if echo then; then echo real-then; fi

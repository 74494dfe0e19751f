echo new >> created
cat created

case $- in *e*) echo on ;; *) echo off ;; esac
set -e
case $- in *e*) echo on ;; *) echo off ;; esac

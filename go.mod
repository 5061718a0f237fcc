module gridsolve

go 1.26

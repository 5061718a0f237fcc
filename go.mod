module gridsolve

go 1.26

require github.com/maxence-charriere/go-app/v10 v10.1.5

require github.com/google/uuid v1.6.0 // indirect

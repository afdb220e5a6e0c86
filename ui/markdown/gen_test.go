package markdown

import "atelier/ui/internal/measure/replies"

// The replies the tests and benchmarks play (see ui/internal/measure/replies).
var shapes = replies.Shapes

func genShape(shape string, size int) string { return replies.Shape(shape, size) }

func genReply(size int) string { return replies.Long(size) }

func genChunks(s string, n int) []string { return replies.Chunks(s, n) }

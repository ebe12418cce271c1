/* One header included from a library's point of view (CS_LAYER_HEADER, set by
   tests/CMakeLists.txt): builds when the header belongs to that library or to
   one below it in docs/architecture.md, fails to build when it is above. */
#include CS_LAYER_HEADER

int
main(void)
{
	return 0;
}

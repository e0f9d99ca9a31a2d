// The entry point of the layer checks (src/CMakeLists.txt): each links one layer whole
// with only the layers it declares, so the link fails if the layer calls upward.
int main() {
    return 0;
}

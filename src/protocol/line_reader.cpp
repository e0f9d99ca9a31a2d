#include "protocol/line_reader.h"

namespace cc {

LineRead readProtocolLine(std::streambuf& source, std::string& line, size_t maxBytes) {
    line.clear();
    bool tooLong = false;
    bool readAny = false;
    while (true) {
        const int next = source.sbumpc();
        if (next == std::char_traits<char>::eof()) break;
        readAny = true;
        if (next == '\n') break;
        if (line.size() < maxBytes) {
            line.push_back(static_cast<char>(next));
        } else {
            tooLong = true;
        }
    }
    if (!readAny) return LineRead::End;
    return tooLong ? LineRead::TooLong : LineRead::Line;
}

}  // namespace cc

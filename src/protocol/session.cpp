#include "protocol/session.h"

#include <fmt/format.h>

#include <string>
#include <string_view>
#include <vector>

#include "protocol/ccp.h"
#include "protocol/line_reader.h"
#include "util/text.h"

namespace cc {

void runSession(Engine& engine, Output& output, Protocol& protocol, std::istream& input,
                bool ccpAllowed) {
    std::string line;
    while (true) {
        const LineRead read = readProtocolLine(*input.rdbuf(), line);
        if (read == LineRead::End) return;
        if (read == LineRead::TooLong) {
            output.error(
                fmt::format("input line longer than {} bytes: ignored", kMaxProtocolLineBytes));
            break;
        }
        const std::vector<std::string_view> words = splitWords(line);
        if (words.empty()) continue;
        if (words.size() == 1 && words[0] == "ccp") {
            if (!ccpAllowed) {
                output.error("ccp: not available under a server's --max-... limits");
                break;
            }
            CcpProtocol ccp(engine, output);
            ccp.handle(line);
            ccp.run(input);
            return;
        }
        if (!protocol.handle(line)) return;
        break;
    }
    protocol.run(input);
}

}  // namespace cc

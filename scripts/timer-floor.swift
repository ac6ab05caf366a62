// The least a 10 ms redraw can cost: a DispatchSourceTimer on a serial queue that writes one
// 29-byte line to standard output per tick and does nothing else. scripts/bench-watch-cpu.sh runs
// it beside `stopwatch watch` as the floor under the live view's figure.
import Dispatch
import Glibc

let line: [UInt8] = Array("\r\u{1B}[Kfloor: running 00:12.34".utf8)
let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "floor"))
timer.schedule(deadline: .now(), repeating: .milliseconds(10), leeway: .nanoseconds(0))
timer.setEventHandler {
    _ = line.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
}
timer.resume()
// Quit on any input, as `q` quits the live view.
var byte: UInt8 = 0
_ = read(STDIN_FILENO, &byte, 1)

import Foundation

final class RowScreen {
    let model = RowModel()
    let board = ScoreBoard()
    let leaky = LeakyModel()
    var shown = 0

    func bind() {
        // Quiet: runs on the model's queue.
        model.onChange = { [weak self] in
            guard let self else { return }
            self.shown = self.model.rows.count
        }
        // Quiet: runs on the board's serial operation queue (through `announce`).
        self.board.handler = { n in
            let all = self.board.scores.filter { $0 >= n }
            print(all)
        }
        // Fires: `poke()` calls it off the queue.
        leaky.onChange = {
            print(self.leaky.rows.count) // expect: inconsistent_locking
        }
    }

    func show() {
        print(model.rows) // expect: inconsistent_locking
    }
}

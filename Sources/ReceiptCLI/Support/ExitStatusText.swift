/// The EXIT STATUS sections of the help screens (and so of the man pages generated from them), kept beside the
/// numbers in ``ExitCode``.
enum ExitStatusText {
    /// Every status the tool returns; commands that return only some list their own.
    static let tool = """
        EXIT STATUS:
          0   success (verify: valid; compare: no disagreement; audit: every record
              valid, no signal)
          1   the answer is negative (verify: invalid, untrusted or
              unverifiable_here; compare: a disagreement; audit: a record not valid
              or a signal raised)
          64  usage error
          65  input is not a receipt that can be parsed (the message says what and
              where)
          66  input file missing or unreadable
          69  remote verifier unreachable or kept answering with a retryable error
          70  internal error
          74  writing output failed (a reader that closed the pipe is not a
              failure: 0)
          130 audit interrupted (Ctrl-C); the output ends with a complete line
        """
}

"""The exceptions (EN-4): stable codes, rule IDs, readable messages, builtin bases."""

from __future__ import annotations

import pickle

import pytest

from gamefold import ConfigError, GamefoldError, IllegalAction, RegistryError, StartTurn


def test_en4_illegal_action_carries_code_rule_message_and_action() -> None:
    action = StartTurn("p1")
    err = IllegalAction("skills/not-your-activation", "SD-8", "It is not p1's activation.", action)
    assert (err.code, err.rule, err.message, err.action) == (
        "skills/not-your-activation",
        "SD-8",
        "It is not p1's activation.",
        action,
    )
    assert str(err) == "It is not p1's activation. [skills/not-your-activation, SD-8]"
    assert "SD-8" in repr(err)


def test_en4_exceptions_subclass_builtins_so_callers_can_catch_either() -> None:
    assert issubclass(IllegalAction, ValueError)
    assert issubclass(ConfigError, ValueError)
    assert issubclass(RegistryError, TypeError)
    for cls in (IllegalAction, ConfigError, RegistryError):
        assert issubclass(cls, GamefoldError)
    with pytest.raises(ValueError, match="not yours"):
        raise IllegalAction("x/y", "EN-4", "not yours")


def test_en4_errors_pickle_with_their_fields() -> None:
    err = IllegalAction("combat/fallen", "CB-11", "A fallen combatant cannot act.", StartTurn("a"))
    back = pickle.loads(pickle.dumps(err))
    assert back == err
    assert back.action == StartTurn("a")
    cfg = pickle.loads(pickle.dumps(ConfigError("hand_limit", "out of range", "DP-13")))
    assert (cfg.field, cfg.rule, str(cfg)) == (
        "hand_limit",
        "DP-13",
        "out of range [hand_limit, DP-13]",
    )
    assert str(ConfigError("seed", "must be an int")) == "must be an int [seed]"


def test_en8_record_error_carries_code_path_and_message_and_is_exported() -> None:
    """EN-8: RecordError is public, a GamefoldError and a ValueError, and pickles."""
    import gamefold
    from gamefold import RecordError

    assert "RecordError" in gamefold.__all__
    assert issubclass(RecordError, GamefoldError)
    assert issubclass(RecordError, ValueError)
    err = RecordError("record/malformed", 'expected an int, got "s"', "actions[3].cards[1]")
    assert (err.code, err.path, err.message) == (
        "record/malformed",
        "actions[3].cards[1]",
        'expected an int, got "s"',
    )
    assert str(err) == 'actions[3].cards[1]: expected an int, got "s" [record/malformed]'
    assert str(RecordError("record/too-big", "too big")) == "too big [record/too-big]"
    back = pickle.loads(pickle.dumps(err))
    assert (back.code, back.path, back.message) == (err.code, err.path, err.message)
    assert "record/malformed" in repr(err)

// Counting checks: each Check is one pass or one failure; a test that
// throws unexpectedly counts as one failure. Program prints the totals.
using System;

namespace Onav.Tests
{
    static class Check
    {
        internal static int Passed, Failed;

        internal static void That(bool ok, string what)
        {
            if (ok) { Passed++; return; }
            Failed++;
            Console.Error.WriteLine("check failed: " + what);
        }

        internal static void Equal<T>(T expected, T actual, string what)
        {
            That(Equals(expected, actual), what + ": expected " + expected + ", got " + actual);
        }

        /// Runs `action`, expecting exactly type T (not a subclass unless
        /// `T` is what the spec names), and returns it for field checks.
        internal static T Throws<T>(Action action, string what) where T : Exception
        {
            try
            {
                action();
            }
            catch (Exception e)
            {
                That(e is T, what + ": expected " + typeof(T).Name + ", got " + e.GetType().Name + ": " + e.Message);
                return e as T;
            }
            That(false, what + ": expected " + typeof(T).Name + ", nothing was thrown");
            return null;
        }

        internal static void Run(string name, Action test)
        {
            try
            {
                test();
            }
            catch (Exception e)
            {
                That(false, name + " threw " + e);
            }
        }
    }
}
